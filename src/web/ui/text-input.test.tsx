// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TextArea, TextInput, typedDirection } from './text-input'

describe('the direction of typed text', () => {
  afterEach(cleanup)

  it('is the text’s own once it holds a letter, the page’s before', () => {
    expect(typedDirection('')).toBeUndefined()
    expect(typedDirection(undefined)).toBeUndefined()
    expect(typedDirection('10 ')).toBeUndefined()
    expect(typedDirection('10 دقائق')).toBe('auto')
    expect(typedDirection('Pizza!')).toBe('auto')
    expect(typedDirection('日本')).toBe('auto')
  })

  it('is left to the text in a text field and a text box, to the page in a password or search field', () => {
    render(
      <>
        <TextInput aria-label="Name" value="علي" readOnly />
        <TextInput aria-label="Empty" value="" readOnly />
        <TextInput aria-label="Password" type="password" value="secret" readOnly />
        <TextInput aria-label="Search" type="search" value="Pizza" readOnly />
        <TextArea aria-label="Message" value="Hello" readOnly />
      </>,
    )
    expect(screen.getByLabelText('Name').getAttribute('dir')).toBe('auto')
    expect(screen.getByLabelText('Empty').hasAttribute('dir')).toBe(false)
    expect(screen.getByLabelText('Password').hasAttribute('dir')).toBe(false)
    expect(screen.getByLabelText('Search').hasAttribute('dir')).toBe(false)
    expect(screen.getByLabelText('Message').getAttribute('dir')).toBe('auto')
  })
})
