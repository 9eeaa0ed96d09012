import { configure } from '@testing-library/dom'

// A dialog or panel the app loads on use arrives through a dynamic import, which vitest transforms
// on first use: on a busy machine that took longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 })
