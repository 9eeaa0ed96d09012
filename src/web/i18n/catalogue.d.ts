// The compiled catalogues the build makes from src/core/i18n/catalogue (scripts/i18n-catalogue.mjs).
declare module 'virtual:catalogue/*' {
  const messages: import('@lingui/core').Messages
  export default messages
}
