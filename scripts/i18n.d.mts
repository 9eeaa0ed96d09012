export function extractMessages(root?: string): { found: Map<string, Set<string>>; problems: string[] }
