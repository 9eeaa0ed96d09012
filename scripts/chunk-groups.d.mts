export type ChunkGroup = { name: string; files: string[]; packages: string[]; virtual?: string[] }
export const CHUNK_GROUPS: ChunkGroup[]
export function groupTest(group: ChunkGroup, root: string): (id: string) => boolean
export function codeSplittingGroups(
  root: string,
): { name: string; test: (id: string) => boolean; includeDependenciesRecursively: false }[]
