import { useId, useState } from 'react'
import { t } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button-class'
import { Dialog } from '../../ui/dialog'
import { readPictureFile } from './picture-file'

/**
 * The picture of an item or of the wheel's centre: shows it, takes a new one from a file (checked
 * and made small in picture-file.ts) or removes it. A refused file is said here and changes
 * nothing. Loaded on first use (picture-button.tsx).
 */
export default function PictureDialog({
  title,
  image,
  onChange,
  onClose,
}: {
  title: string
  image: string | undefined
  onChange: (image: string | undefined) => void
  onClose: () => void
}) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = useId()

  const take = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    const result = await readPictureFile(file)
    setBusy(false)
    if (!result.ok) return setError(result.error)
    setError(null)
    onChange(result.url)
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          {image && (
            <button
              type="button"
              onClick={() => onChange(undefined)}
              className={buttonClass('outline', 'sm')}
            >
              {t('Remove picture')}
            </button>
          )}
          <button type="button" onClick={onClose} className={buttonClass('primary', 'sm')}>
            {t('Close')}
          </button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-3">
        {image ? (
          <img src={image} alt="" className="max-h-40 max-w-40 rounded object-contain" />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('No picture yet.')}</p>
        )}
        <label htmlFor={inputId} className={`${buttonClass('outline', 'sm')} cursor-pointer`} data-autofocus>
          {busy ? t('Reading...') : image ? t('Change picture') : t('Choose picture')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          onChange={(e) => {
            void take(e.target.files?.[0])
            e.target.value = ''
          }}
        />
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t('PNG, JPEG, WebP or GIF (its first frame).')}
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t(error)}
          </p>
        )}
      </div>
    </Dialog>
  )
}
