import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  accounts,
  billingOrders,
  billingSubscriptions,
  contactMessages,
  customThemes,
  draws,
  profiles,
  savedWheelVersions,
  shares,
  users,
  wheels,
} from '../db/schema'

/**
 * The contact messages that belong to the account: those its signed-in user sent. The address typed
 * into the form proves nothing (anyone may type anyone's), so it never makes a message somebody's:
 * not in their data download, and not deleted with their account.
 */
export function ownMessages(userId: string) {
  return eq(contactMessages.userId, userId)
}

/** Rows of the large parts (saved wheels, share snapshots, draws) read per query while streaming. */
const PAGE = 20

/**
 * Everything Whirl's server keeps about one user, as one JSON document ("Download my data"):
 * the account and profile, how they sign in (never a password hash or a token), subscriptions and
 * payments (no provider secrets), the saved wheels (and their earlier versions) and custom themes, share links, verifiable
 * draws (a draw's secret seed only once it is revealed) and the account's contact messages
 * (ownMessages). Written as it is read: the saved wheels (up to 500 of 10,000 items), share
 * snapshots and draws are read PAGE rows at a time, so a large account never sits in memory whole.
 * Null when the user does not exist.
 */
export async function accountDataStream(db: Db, userId: string): Promise<AsyncGenerator<string> | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return null
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  const signIn = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  const subscriptions = await db
    .select({
      id: billingSubscriptions.id,
      provider: billingSubscriptions.provider,
      status: billingSubscriptions.status,
      nextBillingTime: billingSubscriptions.nextBillingTime,
      createdAt: billingSubscriptions.createdAt,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
  const payments = await db
    .select({
      id: billingOrders.id,
      provider: billingOrders.provider,
      status: billingOrders.status,
      amount: billingOrders.amount,
      currency: billingOrders.currency,
      createdAt: billingOrders.createdAt,
      capturedAt: billingOrders.capturedAt,
    })
    .from(billingOrders)
    .where(eq(billingOrders.userId, userId))
  const [themeRow] = await db
    .select({ themes: customThemes.themes })
    .from(customThemes)
    .where(eq(customThemes.userId, userId))
  const messages = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      type: contactMessages.type,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(ownMessages(userId))

  const savedWheels = (offset: number) =>
    db
      .select({ id: wheels.id, wheel: wheels.data, updatedAt: wheels.updatedAt })
      .from(wheels)
      .where(and(eq(wheels.userId, userId), isNull(wheels.deletedAt)))
      .orderBy(wheels.id)
      .limit(PAGE)
      .offset(offset)
  const wheelVersions = (offset: number) =>
    db
      .select({
        wheelId: savedWheelVersions.wheelId,
        keptAt: savedWheelVersions.createdAt,
        wheel: savedWheelVersions.data,
      })
      .from(savedWheelVersions)
      .where(eq(savedWheelVersions.userId, userId))
      .orderBy(savedWheelVersions.versionId)
      .limit(PAGE)
      .offset(offset)
  const shareLinks = (offset: number) =>
    db
      .select({
        id: shares.id,
        name: shares.name,
        wheel: shares.snapshot,
        createdAt: shares.createdAt,
        deletedAt: shares.deletedAt,
      })
      .from(shares)
      .where(eq(shares.ownerId, userId))
      .orderBy(shares.id)
      .limit(PAGE)
      .offset(offset)
  const drawRows = async (offset: number) =>
    (
      await db
        .select()
        .from(draws)
        .where(eq(draws.userId, userId))
        .orderBy(draws.id)
        .limit(PAGE)
        .offset(offset)
    ).map(({ serverSeed, userId: _owner, ...draw }) => ({
      ...draw,
      serverSeed: draw.revealedAt ? serverSeed : null,
    }))

  const field = (name: string, value: unknown, last = false) =>
    `  ${JSON.stringify(name)}: ${indent(JSON.stringify(value, null, 2))}${last ? '\n' : ',\n'}`
  async function* list(name: string, page: (offset: number) => Promise<unknown[]>) {
    yield `  ${JSON.stringify(name)}: [`
    let first = true
    for (let offset = 0; ; offset += PAGE) {
      const rows = await page(offset)
      for (const row of rows) {
        yield `${first ? '\n' : ',\n'}    ${indent(JSON.stringify(row, null, 2), 2)}`
        first = false
      }
      if (rows.length < PAGE) break
    }
    yield first ? '],\n' : '\n  ],\n'
  }
  return (async function* () {
    yield '{\n'
    yield field('exportedAt', new Date().toISOString())
    yield field('account', { ...user, signIn })
    yield field('profile', profile ?? null)
    yield field('subscriptions', subscriptions)
    yield field('payments', payments)
    yield* list('savedWheels', savedWheels)
    yield* list('savedWheelVersions', wheelVersions)
    yield field('customThemes', themeRow?.themes ?? [])
    yield* list('shares', shareLinks)
    yield* list('draws', drawRows)
    yield field('contactMessages', messages, true)
    yield '}\n'
  })()
}

/** Indents every line but the first by `levels` × 2 spaces (a value nested in the document). */
const indent = (json: string, levels = 1) => json.replaceAll('\n', `\n${'  '.repeat(levels)}`)
