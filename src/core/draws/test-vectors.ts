import type { DrawEntry } from './protocol'

/**
 * The published test vectors (docs/verifiable-draws.md): seeds, entries and the expected results.
 * They were computed by this code and by an independent implementation (Python's hashlib and hmac).
 */
export const TEST_VECTORS: {
  serverSeed: string
  commitment: string
  clientSeed: string
  entries: DrawEntry[]
  wheelHash: string
  winnerIndex: number
}[] = [
  {
    serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    clientSeed: 'giveaway-2026',
    entries: [
      ['Alice', 1],
      ['Bob', 1],
      ['Carol', 1],
      ['Dave', 1],
    ],
    wheelHash: 'c1676a4e36a66fdba0e20190fe7fb02a039b24d8abc0ed3414230f5566ac1a92',
    winnerIndex: 3,
  },
  {
    serverSeed: 'a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5',
    commitment: 'fc8b64001c5fdd0f2f40fb67dae4a865a2c5bd17836676d6d5b58b7917e33717',
    clientSeed: "Today's headline: Whirl launches verifiable draws",
    entries: [
      ['Red', 1],
      ['Orange', 1],
      ['Yellow', 1],
      ['Green', 1],
      ['Blue', 1],
      ['Indigo', 1],
      ['Violet', 1],
    ],
    wheelHash: '5f3b9809cdc34ab81426649d3ed840b66aea2e1c4d24c562fe38297488baa400',
    winnerIndex: 6,
  },
  {
    serverSeed: 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
    commitment: '8d2e4d6374b604562a5d8c04a4dfc035fa499ec7ad373bd48bd2bd62ca75c3b5',
    clientSeed: 'chat #1: 🎉 pick me, Zoë!',
    entries: [
      ['Small', 1],
      ['Medium', 5],
      ['Large', 20],
      ['Huge', 100],
    ],
    wheelHash: '932775d442e793c8c578a7bb36f1534150fabe94d9809efd8f2cf1c44f8720f6',
    winnerIndex: 1,
  },
]
