import { describe, expect, it } from 'vitest'
import type { Message } from '../../../core/i18n/message'
import { featureLine, featureLineText, PLAN_FEATURES } from '../../../core/plan/features'
import { itemLimitMessage, itemLimitText } from '../../../core/plan/plan'
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../core/wheel/import-export'
import {
  announceChange,
  announceChangeText,
  announceUndo,
  announceUndoText,
  clearAllQuestion,
  clearAllQuestionText,
  type ListChange,
} from '../../../core/wheel/list-edits'
import { MAX_THEME_COLORS, MIN_THEME_COLORS } from '../../../core/wheel/look'
import { createDefaultWheel, createItem } from '../../../core/wheel/model'
import {
  MAX_PASTE_BYTES,
  PASTE_TOO_LARGE_MESSAGE,
  pasteSummary,
  pasteSummaryText,
} from '../../../core/wheel/paste'
import { MAX_PICTURE_BYTES } from '../../../core/wheel/picture'
import { MAX_PICTURE_FILE_BYTES, PICTURE_MESSAGES } from '../../../core/wheel/picture-file-check'
import { limitedLoadMessage, limitedLoadText, loadWithinLimit } from '../../../core/wheel/plan-limit'
import { customThemeProblem, MAX_THEME_NAME } from '../../../core/wheel/themes'
import { WEIGHT, WEIGHT_MESSAGE } from '../../../core/wheel/weights'
import { t } from '../../i18n/i18n'

// Core's messages with values (ICU, shown by the page with t()) say in English exactly what core's
// English wording says: the page in English reads as before, and the two cannot drift apart.
const english = (text: Message | null) => (text ? t(text.message, text.values) : null)

describe("core's messages in English", () => {
  it('the item limit', () => {
    for (const limit of [15, 20]) expect(english(itemLimitText(limit))).toBe(itemLimitMessage(limit))
  })

  it('what adding lines did', () => {
    const texts = Array.from({ length: 15 }, (_, i) => `Item ${i}`)
    for (const [result, limit] of [
      [
        { texts, lines: 40, cut: 0 },
        { maxItems: 15, free: true },
      ],
      [
        { texts, lines: 15, cut: 1 },
        { maxItems: 15, free: true },
      ],
      [
        { texts, lines: 20, cut: 2 },
        { maxItems: 10_000, free: false },
      ],
    ] as const) {
      const parts = pasteSummaryText({ ...result, texts: [...result.texts] }, limit).map(english)
      expect(parts.join(' ')).toBe(pasteSummary({ ...result, texts: [...result.texts] }, limit))
    }
  })

  it('Clear all, Undo and the list announcements', () => {
    expect(english(clearAllQuestionText(16))).toBe(clearAllQuestion(16))
    const changes: ListChange[] = [
      'add',
      'delete',
      'shuffle',
      'sort',
      'paste',
      'remove winner',
      'clear all',
      'preset',
    ]
    for (const change of changes)
      for (const count of [1, 2, 1234]) {
        expect(english(announceUndoText(change, count))).toBe(announceUndo(change, count))
        // Shuffle and Sort need two items or more.
        if (count > 1)
          expect(english(announceChangeText(change, count)) ?? '').toBe(announceChange(change, count))
      }
  })

  it('a saved wheel cut to the free plan', () => {
    const wheel = createDefaultWheel()
    const big = { ...wheel, items: Array.from({ length: 17 }, (_, i) => createItem(`N${i}`, '#000000')) }
    for (const max of [15, 16, 20]) {
      const load = loadWithinLimit(big, max)
      expect(english(limitedLoadText('Big', load))).toBe(limitedLoadMessage('Big', load))
    }
  })

  it("the plans' feature lines", () => {
    for (const feature of PLAN_FEATURES)
      for (const plan of ['free', 'premium'] as const)
        expect(english(featureLineText(feature, plan))).toBe(featureLine(feature, plan))
  })

  it('the fixed messages name the limits they are about', () => {
    expect(WEIGHT_MESSAGE).toContain(`from ${WEIGHT.min} to ${WEIGHT.max}.`)
    expect(IMPORT_MESSAGES.tooLarge).toContain(`${IMPORT_MAX_BYTES / 1024 / 1024} MB`)
    expect(PASTE_TOO_LARGE_MESSAGE).toContain(`${MAX_PASTE_BYTES / 1024 / 1024} MB`)
    expect(PICTURE_MESSAGES.tooLarge).toContain(`${MAX_PICTURE_FILE_BYTES / 1024 / 1024} MB`)
    expect(PICTURE_MESSAGES.stillTooLarge).toContain(`${MAX_PICTURE_BYTES / 1024} KB`)
    expect(customThemeProblem('x'.repeat(MAX_THEME_NAME + 1), ['#000000', '#ffffff'])).toContain(
      `${MAX_THEME_NAME} characters`,
    )
    expect(customThemeProblem('Mine', ['#000000'])).toContain(`${MIN_THEME_COLORS} to ${MAX_THEME_COLORS}`)
  })
})
