// A message that src/core builds with values ("Clear all {count} items?"): the English source in ICU
// MessageFormat (marked with msg()) and its values. The web shows it with t(message, values); core
// stays free of any translation code.

export type MessageValues = Record<string, string | number>

export type Message = { message: string; values?: MessageValues }
