// Whether pasted text is several items: its own module, so the add field can tell without loading
// the paste parser (src/core/wheel/paste.ts), which comes with the first multi-line paste.

/** True when a paste into the single add field holds more than one line, so it adds many. */
export const isMultiLine = (text: string): boolean =>
  text.split(/\r\n|\r|\n/).filter((line) => line.trim()).length > 1
