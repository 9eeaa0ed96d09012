// The direction a piece of user text reads in, as the browser's dir="auto" finds it: from its first
// strong character. A wheel label drawn on a canvas has no dir="auto", so the page sets the
// canvas's direction from this for each label: "علي Ali" then reads right to left and "Ali علي"
// left to right, each in its own order, on a page in any language.

// Right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic
// supplements and presentation forms.
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u
// A strong left-to-right character: a letter of any other script.
const LTR = /\p{L}/u

/** Whether the text holds a letter of any script ("Pizza", "علي"), not only digits, marks or spaces. */
export const hasLetter = (text: string): boolean => LTR.test(text)

/** Whether the text holds a right-to-left letter anywhere ("Ali علي", "علي"). */
export const hasRightToLeft = (text: string): boolean => RTL.test(text)

/** 'rtl' when the text's first strong character is right-to-left; 'ltr' otherwise (no letter too). */
export function textDirectionOf(text: string): 'ltr' | 'rtl' {
  for (const ch of text) {
    if (RTL.test(ch)) return 'rtl'
    if (LTR.test(ch)) return 'ltr'
  }
  return 'ltr'
}
