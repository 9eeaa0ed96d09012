import { ImagePlus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'

// The dialog and the picture code load on first use: the wheel page's first load stays lean.
const PictureDialog = lazy(() => import('./picture-dialog'))

/** A button showing a picture (or an add-picture icon) that opens the picture dialog. */
export function PictureButton({
  label,
  title,
  image,
  onChange,
}: {
  label: string
  title: string
  image: string | undefined
  onChange: (image: string | undefined) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={() => setOpen(true)}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        {image ? (
          <img src={image} alt="" className="size-8 rounded object-cover" />
        ) : (
          <ImagePlus aria-hidden className="size-4" />
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PictureDialog title={title} image={image} onChange={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
