// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VersionSummary } from '../../../core/sync/versions-protocol'
import type { LocalVersionInfo } from '../../state/saved-wheel-versions-db'

const local = vi.fn<() => Promise<LocalVersionInfo[] | null>>()
const account = vi.fn<() => Promise<{ versions: VersionSummary[] }>>()
vi.mock('../../state/browser-data-versions', () => ({
  localVersions: () => local(),
  localVersionWheel: async () => null,
  restoreWheelVersion: async () => true,
}))
vi.mock('../../api/wheel-versions', () => ({
  wheelVersionsApi: { list: () => account(), get: async () => ({ version: {} }) },
}))
const { VersionsDialog } = await import('./versions-dialog')

const wheel = { id: 'raffle', name: 'Friday raffle', itemCount: 0, colors: [] }
const kept = (id: string, savedAt: string, itemCount: number) => ({
  id,
  createdAt: savedAt,
  savedAt,
  name: 'Friday raffle',
  itemCount,
  bytes: 2048,
})
const show = (premium = true) =>
  render(<VersionsDialog wheel={wheel} premium={premium} onClose={() => {}} onRestored={() => {}} />)

describe('Versions…', () => {
  beforeEach(() => {
    local.mockReset()
    account.mockReset()
  })
  afterEach(cleanup)

  it('says it is loading, then that there are none yet, and that versions count towards the quota', async () => {
    let answer: (list: LocalVersionInfo[]) => void = () => {}
    local.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    show(false)
    expect(screen.getByText('Loading versions...')).toBeTruthy()
    expect(screen.getByRole('dialog').textContent).toContain('Versions count towards your storage quota.')
    answer([])
    expect(await screen.findByText('No earlier versions yet')).toBeTruthy()
    expect(account).not.toHaveBeenCalled()
  })

  it('lists the browser’s and the account’s versions newest first, each once, with Restore', async () => {
    local.mockResolvedValue([{ ...kept('b1', '2026-11-20T10:00:00.000Z', 16), wheelId: 'raffle' }])
    account.mockResolvedValue({
      versions: [kept('7', '2026-11-25T10:00:00.000Z', 3), kept('6', '2026-11-20T10:00:00.000Z', 16)],
    })
    show()
    const list = await screen.findByRole('list', { name: 'Versions' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent?.match(/(\d+) items?/)?.[1])).toEqual(['3', '16'])
    expect(rows[0]?.textContent).toContain('Your account')
    expect(rows[1]?.textContent).toContain('This browser')
    expect(within(list).getAllByRole('button', { name: /^Restore the version of / })).toHaveLength(2)
    expect(screen.getByRole('dialog').textContent).toContain('These take 4 KB.')
  })

  it('an account that cannot be reached says so, keeps the browser’s versions, and tries again', async () => {
    local.mockResolvedValue([{ ...kept('b1', '2026-11-20T10:00:00.000Z', 16), wheelId: 'raffle' }])
    account.mockRejectedValueOnce(new Error('Could not reach Whirl. Check your connection and try again.'))
    account.mockResolvedValueOnce({ versions: [kept('7', '2026-11-25T10:00:00.000Z', 3)] })
    show()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not reach Whirl.')
    expect(within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem')).toHaveLength(1)
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem')).toHaveLength(2),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
