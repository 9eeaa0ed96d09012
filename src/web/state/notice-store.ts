import { create } from 'zustand'

/**
 * A message that outlives the page that gave it (the profile page is gone once an account is
 * deleted): the layout shows it until the user closes it.
 */
export const useNoticeStore = create<{ notice: string | null }>(() => ({ notice: null }))

export const showNotice = (notice: string) => useNoticeStore.setState({ notice })
export const closeNotice = () => useNoticeStore.setState({ notice: null })
