// What billing's routes and service answer a user, as catalogue messages (the one error handler
// translates them into the request's language).
import { msg } from '../../core/i18n/message-id'

export const BILLING_MESSAGES = {
  signIn: msg('Please sign in to continue.'),
  notFound: msg('Subscription not found'),
  alreadySubscribed: msg('You already have an active Premium subscription.'),
  notActive: (status: string) =>
    status === 'APPROVED'
      ? msg(
          'PayPal has approved your subscription and is activating it. Premium starts within a few minutes; reload this page to check.',
        )
      : status === 'APPROVAL_PENDING'
        ? msg(
            'The subscription has not been approved yet. Please finish the approval at PayPal, then try again.',
          )
        : `The subscription is not active (status: ${status.toLowerCase()}).`,
  neverStarted: msg(
    'This subscription had not started yet, so nothing was charged. It is cancelled and will not start.',
  ),
  testModeOnly: msg('Test subscriptions are only available in test mode.'),
} as const
