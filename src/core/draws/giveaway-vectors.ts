import type { GiveawayResult, GiveawaySpec } from './giveaway'
import type { DrawEntry } from './protocol'

/**
 * The published test vectors of the giveaway extension (several winners, rerolls, teams): computed
 * by this code and by an independent implementation (Python hashlib and hmac), decision 0051.
 */
export const GIVEAWAY_VECTORS: {
  serverSeed: string
  commitment: string
  clientSeed: string
  entries: DrawEntry[]
  wheelHash: string
  spec: GiveawaySpec
  rerollPlaces: number[]
  result: GiveawayResult
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
      ['Erin', 1],
      ['Frank', 1],
      ['Grace', 1],
      ['Heidi', 1],
    ],
    wheelHash: 'a84396a0c9dd7e8356b9cc97a4a3fe095169244b470ca81ea8cce20feec56712',
    spec: { kind: 'winners', count: 3 },
    rerollPlaces: [2],
    result: { kind: 'winners', winners: [0, 6, 3], rerolls: [{ place: 2, replaced: 1, winner: 6 }] },
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
      ['Zoë', 3],
    ],
    wheelHash: 'cab32bbfe4920ca5897442dbf20fe377b5f7238467ce760ce2cf8c08a1b62d48',
    spec: { kind: 'winners', count: 2 },
    rerollPlaces: [1, 1],
    result: {
      kind: 'winners',
      winners: [0, 2],
      rerolls: [
        { place: 1, replaced: 3, winner: 1 },
        { place: 1, replaced: 1, winner: 0 },
      ],
    },
  },
  {
    serverSeed: 'a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5',
    commitment: 'fc8b64001c5fdd0f2f40fb67dae4a865a2c5bd17836676d6d5b58b7917e33717',
    clientSeed: 'teams night',
    entries: [
      ['A', 1],
      ['B', 1],
      ['C', 1],
      ['D', 1],
      ['E', 1],
      ['F', 1],
      ['G', 1],
      ['H', 1],
      ['I', 1],
      ['J', 1],
    ],
    wheelHash: '389d925f3c7d737a073be4eb8a1905ce7d3418229b21ab9f3e2077e3cd7830f8',
    spec: { kind: 'teams', size: 3 },
    rerollPlaces: [],
    result: {
      kind: 'teams',
      teams: [
        [9, 4, 3],
        [0, 1, 6],
        [7, 8],
        [5, 2],
      ],
    },
  },
]
