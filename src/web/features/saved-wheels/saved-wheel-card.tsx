import { Copy, Crown, Download, EllipsisVertical, History, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { msg } from '../../../core/i18n/message-id'
import type { WheelSummary } from '../../../core/wheel/summary'
import { dateTimeFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { MiniPie } from '../../ui/mini-pie'

type Props = {
  wheel: WheelSummary
  menuOpen: boolean
  onMenu(open: boolean): void
  onLoad(): void
  onDuplicate(): void
  onExport(): void
  onDelete(): void
  /** Versions…: the wheel's earlier versions, to restore one. */
  onVersions(): void
  /** Premium lapsed: Duplicate, Versions… and Delete are locked ('Premium Only', to /subscription). */
  readOnly?: boolean
}

const menuItem =
  'flex w-full items-center gap-2 px-3 py-2 text-start text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800'

/** A locked action in the menu: it leads to the plans page, with the 'Premium Only' badge. */
function LockedItem({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Link to="/subscription" role="menuitem" className={`${menuItem} text-slate-600 dark:text-slate-400`}>
      {icon} {t(label)}
      <span className="ms-auto inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
        <Crown aria-hidden className="size-3" />
        {t('Premium Only')}
      </span>
    </Link>
  )
}

/** One saved wheel: mini pie of its first 8 items, name, count, date, Load, and a menu of actions. */
export function SavedWheelCard({
  wheel,
  menuOpen,
  onMenu,
  onLoad,
  onDuplicate,
  onExport,
  onDelete,
  onVersions,
  readOnly = false,
}: Props) {
  const menu = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  // An open menu takes the focus; Escape or a click outside closes it.
  useEffect(() => {
    if (!menuOpen) return
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onMenu(false)
        toggle.current?.focus()
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
        const at = items.indexOf(document.activeElement as HTMLElement)
        const next = items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]
        next?.focus()
        event.preventDefault()
      }
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !toggle.current?.contains(target)) onMenu(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [menuOpen, onMenu])

  // A card leaving the page (scrolled out of a long list) closes its menu, so coming back does not
  // reopen it and take the focus.
  const open = useRef(menuOpen)
  open.current = menuOpen
  const tell = useRef(onMenu)
  tell.current = onMenu
  useEffect(
    () => () => {
      if (open.current) tell.current(false)
    },
    [],
  )

  // The focus goes back to the menu's button (the item clicked goes away with the menu), so a
  // dialog the action opens gives it back there when it closes.
  const act = (action: () => void) => () => {
    onMenu(false)
    toggle.current?.focus()
    action()
  }
  const updated = wheel.updatedAt ? new Date(wheel.updatedAt) : null

  return (
    <article
      aria-label={wheel.name}
      // Off-screen cards skip rendering (content-visibility, decision 0019); that also clips what
      // overflows the card, so a card with its menu open (taller than the card) is not contained.
      className={`relative flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 [contain-intrinsic-size:auto_10rem] dark:bg-slate-900 dark:ring-slate-800 ${menuOpen ? '' : '[content-visibility:auto]'}`}
    >
      <div className="flex items-start gap-3">
        <MiniPie colors={wheel.colors} size={56} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">
            <bdi>{wheel.name}</bdi>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('{count, plural, one {# item} other {# items}}', { count: wheel.itemCount })}
          </p>
          {updated && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {tx('Updated <0>{date}</0>', [<time key="date" dateTime={wheel.updatedAt} />], {
                date: dateTimeFormat().format(updated),
              })}
            </p>
          )}
        </div>
        <button
          ref={toggle}
          type="button"
          aria-label={t('More actions for {name}', { name: wheel.name })}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => onMenu(!menuOpen)}
          className="rounded-lg p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <EllipsisVertical aria-hidden className="size-5" />
        </button>
      </div>
      {menuOpen && (
        <div
          ref={menu}
          role="menu"
          aria-label={t('Actions for {name}', { name: wheel.name })}
          className={`absolute top-12 end-4 z-10 ${readOnly ? 'w-60' : 'w-44'} overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700`}
        >
          {readOnly ? (
            <LockedItem icon={<Copy aria-hidden className="size-4" />} label={msg('Duplicate')} />
          ) : (
            <button type="button" role="menuitem" className={menuItem} onClick={act(onDuplicate)}>
              <Copy aria-hidden className="size-4" /> {t('Duplicate')}
            </button>
          )}
          <button type="button" role="menuitem" className={menuItem} onClick={act(onExport)}>
            <Download aria-hidden className="size-4" /> {t('Export')}
          </button>
          {readOnly ? (
            <LockedItem icon={<History aria-hidden className="size-4" />} label={msg('Versions…')} />
          ) : (
            <button type="button" role="menuitem" className={menuItem} onClick={act(onVersions)}>
              <History aria-hidden className="size-4" /> {t('Versions…')}
            </button>
          )}
          {readOnly ? (
            <LockedItem icon={<Trash2 aria-hidden className="size-4" />} label={msg('Delete')} />
          ) : (
            <button
              type="button"
              role="menuitem"
              className={`${menuItem} text-red-700 dark:text-red-300`}
              onClick={act(onDelete)}
            >
              <Trash2 aria-hidden className="size-4" /> {t('Delete')}
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        onClick={onLoad}
        aria-label={t('Load {name}', { name: wheel.name })}
        className={buttonClass('primary', 'sm', 'mt-auto')}
      >
        {t('Load')}
      </button>
    </article>
  )
}
