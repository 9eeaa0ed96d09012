import type { Plugin } from 'vite'
export const CATALOGUE_DIR: string
export const TRANSLATED: string[]
export const PSEUDO: string
export function messageId(source: string): string
export function readCatalogue(locale: string): Record<string, string>
export function pseudoMessage(source: string): string
export type Found = Map<string, Set<string>>
export function messageGroups(found: Found): Map<string, string>
export function compiledMessages(
  locale: string,
  wanted: (english: string) => boolean,
): Record<string, unknown>
export function cataloguePlugin(options: { extract: () => { found: Found } }): Plugin
