// The database schema. drizzle-kit turns changes here into SQL migrations under ./drizzle
// (`npm run db:generate`); the server applies them at start-up.
export {}
