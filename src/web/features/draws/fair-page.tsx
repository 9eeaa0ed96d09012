import type { ReactNode } from 'react'
import { TEST_VECTORS } from '../../../core/draws/test-vectors'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { usePageTitle } from '../../ui/use-page-title'
import { FairGiveawaySection } from './fair-giveaway-section'

// The protocol's names (entries, wheelHash, serverSeed…), its formulas and the test vectors are the
// published algorithm: they stay as written in every language; only the prose around them is translated.
const code = (text: string) => (
  <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] break-all dark:bg-slate-800">{text}</code>
)
const name = (text: string) => <strong>{text}</strong>

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  )
}

/** /fair: verifiable draws in plain words, and the exact protocol (docs/verifiable-draws.md). */
export function Component() {
  usePageTitle(t('Fair draws'))
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-4xl font-black tracking-tight">{t('Verifiable draws')}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        {t(
          'Giveaway hosts are sometimes accused of spinning again and again until a friend wins. With a verifiable draw, your audience can check that this did not happen, in their own browser, without trusting Whirl’s word.',
        )}
      </p>

      <Section title={t('In plain words')}>
        <ol className="list-decimal space-y-2 ps-6">
          <li>
            {tx(
              '<0>Before the spin</0>, Whirl picks a secret random number (the server seed) and publishes its fingerprint (the commitment), together with the wheel’s entries. Once published, the secret can no longer be changed without everyone noticing.',
              [<strong key="0" />],
            )}
          </li>
          <li>
            {tx(
              '<0>The host adds a client seed</0>: any text, ideally something the audience supplies, such as a chat message or today’s headline. Nobody, not even Whirl, knows it when the commitment is made.',
              [<strong key="0" />],
            )}
          </li>
          <li>
            {tx(
              '<0>At the spin</0>, Whirl reveals the secret, and the winner is computed from the secret and the client seed with the algorithm below. The wheel lands on that winner.',
              [<strong key="0" />],
            )}
          </li>
          <li>
            {tx(
              '<0>Anyone can check</0> on the draw’s page, or with their own code, that the secret matches the commitment, that the entries are the ones committed, and that the algorithm picks the announced winner. The page recomputes everything in your browser; the server’s answer never decides “Verified”.',
              [<strong key="0" />],
            )}
          </li>
        </ol>
        <p>
          {tx(
            'Each draw can be revealed only once. In elimination mode every new draw records the draw before it, so the whole elimination can be followed from draw to draw. Signed-in users turn on <0>Verifiable draw</0> under the Spin button on the <1>wheel page</1>.',
            [<strong key="0" />, <Link key="1" to="/wheel" className="underline" />],
          )}
        </p>
      </Section>

      <Section title={t('The protocol')}>
        <p>{t('This is the exact algorithm; other people implement it, so it does not change.')}</p>
        <ul className="list-disc space-y-2 ps-6">
          <li>
            {tx(
              "<0/>: the wheel's items in order, as <1/> pairs. The weight is 1 unless the wheel has weights.",
              [name('entries'), code('[text, weight]')],
            )}
          </li>
          <li>
            {tx('<0/>: lowercase hex SHA-256 of the UTF-8 bytes of <1/>.', [
              name('wheelHash'),
              code('JSON.stringify(entries)'),
            ])}
          </li>
          <li>
            {tx(
              '<0/>: 32 bytes from a CSPRNG, written as lowercase hex. <1/>: lowercase hex SHA-256 of the 32 seed bytes (not of the hex text).',
              [name('serverSeed'), name('commitment')],
            )}
          </li>
          <li>
            {tx(
              "<0/>: any string of 1–200 characters chosen by the host. The default is random words made in the browser. The UI invites the host to use something the audience supplies, such as a chat message or today's headline.",
              [name('clientSeed')],
            )}
          </li>
          <li>
            {tx('<0/>: for counter = 0, 1, 2, …', [name('winner')])}
            <ul className="mt-2 list-[circle] space-y-1 ps-6">
              <li>
                {tx('h = HMAC-SHA256(key = the serverSeed bytes, message = UTF-8 of <0/>).', [
                  code(`\${clientSeed}:\${wheelHash}:\${counter}`),
                ])}
              </li>
              <li>{t('v = the first 4 bytes of h as a big-endian unsigned 32-bit integer.')}</li>
              <li>{t('W = the sum of the weights.')}</li>
              <li>
                {t(
                  'If v < floor(2^32 / W) · W, then t = v mod W, and the winner is the first entry whose running sum of weights exceeds t. Otherwise, go to the next counter.',
                )}
              </li>
            </ul>
          </li>
        </ul>
        <p>
          {tx(
            "<0/> is JavaScript's, with no spaces (<1/>); non-ASCII text is written as itself and encoded as UTF-8. The counter is written in decimal. Winner indexes count from 0.",
            [code('JSON.stringify'), code('[["Alice",1],["Bob",1]]')],
          )}
        </p>
      </Section>

      <Section title={t('Test vectors')}>
        <p>{t('Check your own implementation against these.')}</p>
        {TEST_VECTORS.map((v, i) => (
          <dl
            key={v.serverSeed}
            className="rounded-xl bg-white p-4 text-sm shadow-sm dark:bg-slate-900"
            aria-label={t('Test vector {number}', { number: i + 1 })}
          >
            {(
              [
                ['serverSeed', v.serverSeed],
                ['commitment', v.commitment],
                ['clientSeed', v.clientSeed],
                ['entries', JSON.stringify(v.entries)],
                ['wheelHash', v.wheelHash],
                ['winner index', `${v.winnerIndex} (${v.entries[v.winnerIndex]?.[0]})`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} translate="no" className="grid gap-1 py-1 sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold">{label}</dt>
                <dd className="font-mono break-all">{value}</dd>
              </div>
            ))}
          </dl>
        ))}
      </Section>

      <FairGiveawaySection />
    </div>
  )
}
