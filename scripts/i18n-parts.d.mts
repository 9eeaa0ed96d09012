import type { Plugin } from 'vite'
import type { Found } from './i18n-catalogue.mjs'
export const PARTS_DIR: string
export const PARTS_MANIFEST: string
export function partFile(part: string, locale: string): string
export function cataloguePartsPlugin(options: { extract: () => { found: Found } }): Plugin
