import type { ReactNode } from 'react'
import { TEST_VECTORS } from '../../../core/draws/test-vectors'
import { Link } from '../../router'
import { usePageTitle } from '../../ui/use-page-title'
import { FairGiveawaySection } from './fair-giveaway-section'

const code = (text: string) => (
  <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] break-all dark:bg-slate-800">{text}</code>
)

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
  usePageTitle('Fair draws')
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-4xl font-black tracking-tight">Verifiable draws</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Giveaway hosts are sometimes accused of spinning again and again until a friend wins. With a
        verifiable draw, your audience can check that this did not happen, in their own browser, without
        trusting Whirl’s word.
      </p>

      <Section title="In plain words">
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            <strong>Before the spin</strong>, Whirl picks a secret random number (the server seed) and
            publishes its fingerprint (the commitment), together with the wheel’s entries. Once published, the
            secret can no longer be changed without everyone noticing.
          </li>
          <li>
            <strong>The host adds a client seed</strong>: any text, ideally something the audience supplies,
            such as a chat message or today’s headline. Nobody, not even Whirl, knows it when the commitment
            is made.
          </li>
          <li>
            <strong>At the spin</strong>, Whirl reveals the secret, and the winner is computed from the secret
            and the client seed with the algorithm below. The wheel lands on that winner.
          </li>
          <li>
            <strong>Anyone can check</strong> on the draw’s page, or with their own code, that the secret
            matches the commitment, that the entries are the ones committed, and that the algorithm picks the
            announced winner. The page recomputes everything in your browser; the server’s answer never
            decides “Verified”.
          </li>
        </ol>
        <p>
          Each draw can be revealed only once. In elimination mode every new draw records the draw before it,
          so the whole elimination can be followed from draw to draw. Signed-in users turn on{' '}
          <strong>Verifiable draw</strong> under the Spin button on the{' '}
          <Link to="/wheel" className="underline">
            wheel page
          </Link>
          .
        </p>
      </Section>

      <Section title="The protocol">
        <p>This is the exact algorithm; other people implement it, so it does not change.</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>entries</strong>: the wheel's items in order, as {code('[text, weight]')} pairs. The
            weight is 1 unless the wheel has weights.
          </li>
          <li>
            <strong>wheelHash</strong>: lowercase hex SHA-256 of the UTF-8 bytes of{' '}
            {code('JSON.stringify(entries)')}.
          </li>
          <li>
            <strong>serverSeed</strong>: 32 bytes from a CSPRNG, written as lowercase hex.{' '}
            <strong>commitment</strong>: lowercase hex SHA-256 of the 32 seed bytes (not of the hex text).
          </li>
          <li>
            <strong>clientSeed</strong>: any string of 1–200 characters chosen by the host. The default is
            random words made in the browser. The UI invites the host to use something the audience supplies,
            such as a chat message or today's headline.
          </li>
          <li>
            <strong>winner</strong>: for counter = 0, 1, 2, …
            <ul className="mt-2 list-[circle] space-y-1 pl-6">
              <li>
                h = HMAC-SHA256(key = the serverSeed bytes, message = UTF-8 of{' '}
                {code(`\${clientSeed}:\${wheelHash}:\${counter}`)}).
              </li>
              <li>v = the first 4 bytes of h as a big-endian unsigned 32-bit integer.</li>
              <li>W = the sum of the weights.</li>
              <li>
                If v &lt; floor(2^32 / W) · W, then t = v mod W, and the winner is the first entry whose
                running sum of weights exceeds t. Otherwise, go to the next counter.
              </li>
            </ul>
          </li>
        </ul>
        <p>
          {code('JSON.stringify')} is JavaScript's, with no spaces ({code('[["Alice",1],["Bob",1]]')});
          non-ASCII text is written as itself and encoded as UTF-8. The counter is written in decimal. Winner
          indexes count from 0.
        </p>
      </Section>

      <Section title="Test vectors">
        <p>Check your own implementation against these.</p>
        {TEST_VECTORS.map((v, i) => (
          <dl
            key={v.serverSeed}
            className="rounded-xl bg-white p-4 text-sm shadow-sm dark:bg-slate-900"
            aria-label={`Test vector ${i + 1}`}
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
              <div key={label} className="grid gap-1 py-1 sm:grid-cols-[8rem_1fr]">
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
