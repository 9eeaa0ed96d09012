// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDefaultWheel, createItem } from '../../../core/wheel/model'
import { useListUndo } from '../../state/list-undo'
import { useWheelStore } from '../../state/wheel-store'
import { ListToolbar } from './list-toolbar'

const count = () => useWheelStore.getState().currentWheel.items.length

function Toolbar() {
  const n = useWheelStore((s) => s.currentWheel.items.length)
  return <ListToolbar count={n} />
}

function start(items: number) {
  const wheel = createDefaultWheel()
  useWheelStore.setState({
    currentWheel: { ...wheel, items: Array.from({ length: items }, (_, i) => createItem(`Ticket ${i + 1}`)) },
  })
  useListUndo.setState({ entries: [], announcement: '', seq: 0 })
  render(<Toolbar />)
}

const clearAll = () => screen.getByRole('button', { name: 'Clear all' })
/** As a real click or Enter does, the button takes focus first. */
function press(button: HTMLElement) {
  button.focus()
  fireEvent.click(button)
}

describe('Clear all', () => {
  beforeEach(() => useListUndo.setState({ entries: [], announcement: '', seq: 0 }))
  afterEach(cleanup)

  it('asks first on a wheel of 16 items, naming the count; Escape and Cancel keep every item', async () => {
    start(16)
    press(clearAll())
    // The question loads when it is asked (a chunk of its own).
    const dialog = await screen.findByRole('dialog', { name: 'Clear all 16 items?' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    // Focus starts on Cancel, the safe answer.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(count()).toBe(16)
    expect(document.activeElement).toBe(clearAll())

    press(clearAll())
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(count()).toBe(16)
  })

  it('clears once confirmed, says so, and puts focus on Undo, which brings the items back', async () => {
    start(16)
    press(clearAll())
    const dialog = await screen.findByRole('dialog', { name: 'Clear all 16 items?' })
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Clear all')
    expect(confirm).toBeDefined()
    act(() => confirm?.click())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(count()).toBe(0)
    expect(screen.getByTestId('list-announcer').textContent).toMatch(/clear/i)
    const undo = screen.getByRole('button', { name: 'Undo' })
    expect(document.activeElement).toBe(undo)
    fireEvent.click(undo)
    expect(count()).toBe(16)
  })

  it('asks nothing on a wheel of 15 items or fewer', () => {
    start(15)
    press(clearAll())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(count()).toBe(0)
  })
})
