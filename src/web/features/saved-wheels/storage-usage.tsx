import { HardDrive } from 'lucide-react'
import { useEffect, useState } from 'react'
import { numberFormat } from '../../i18n/formats'

const decimal = (n: number, digits: number) =>
  numberFormat({
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n)

/** A size in the page's language: "12 KB", "1.5 MB". */ import { t } from '../../i18n/i18n'

export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? t('{size} KB', { size: decimal(Math.max(1, Math.round(bytes / 1024)), 0) })
    : bytes < 1024 ** 3
      ? t('{size} MB', { size: decimal(bytes / 1024 / 1024, 1) })
      : t('{size} GB', { size: decimal(bytes / 1024 ** 3, 1) })

type Usage = { used: number; quota: number; persisted: boolean }

/**
 * How much of this browser's storage Whirl uses, and whether the browser promised to keep it.
 * Once a premium user has saved wheels, the page asks the browser to keep them (persistent
 * storage), so they are not cleared when the device runs low on space.
 */
export function StorageUsage({ wheelCount }: { wheelCount: number }) {
  const [usage, setUsage] = useState<Usage | null>(null)
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    if (!storage?.estimate) return
    let cancelled = false
    const measure = async () => {
      const persisted =
        wheelCount > 0 && storage.persist
          ? (await storage.persisted?.().catch(() => false)) || (await storage.persist().catch(() => false))
          : false
      const { usage: used = 0, quota = 0 } = await storage.estimate()
      if (!cancelled) setUsage({ used, quota, persisted })
    }
    // Measured a moment after the last change, once the write has landed.
    const timer = setTimeout(() => void measure().catch(() => {}), 300)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [wheelCount])
  if (!usage) return null
  return (
    <p
      data-testid="storage-usage"
      className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400"
    >
      <HardDrive aria-hidden className="size-4" />
      {usage.quota > 0
        ? usage.persisted
          ? t(
              "Whirl uses {used} of this browser's storage ({quota} available); the browser keeps it even when space runs low.",
              { used: formatBytes(usage.used), quota: formatBytes(usage.quota) },
            )
          : t("Whirl uses {used} of this browser's storage ({quota} available).", {
              used: formatBytes(usage.used),
              quota: formatBytes(usage.quota),
            })
        : usage.persisted
          ? t("Whirl uses {used} of this browser's storage; the browser keeps it even when space runs low.", {
              used: formatBytes(usage.used),
            })
          : t("Whirl uses {used} of this browser's storage.", { used: formatBytes(usage.used) })}
    </p>
  )
}
