import {
  Dices,
  Gamepad2,
  Gift,
  GraduationCap,
  History,
  LayoutTemplate,
  type LucideIcon,
  MonitorPlay,
  Palette,
  Save,
  ShieldCheck,
  Users,
  UtensilsCrossed,
} from 'lucide-react'
import { msg } from '../../../core/i18n/message-id'
import { t } from '../../i18n/i18n'

/** A card's title and text are English messages, shown with t(). */
type Card = { icon: LucideIcon; title: string; text: string }

export const FEATURES: Card[] = [
  {
    icon: Dices,
    title: msg('Interactive spinning'),
    text: msg('A smooth spin of 1 to 5 seconds, with sound and confetti you can switch off.'),
  },
  {
    icon: ShieldCheck,
    title: msg('Provably fair'),
    text: msg('Cryptographic randomness and a winner that is always the segment under the pointer.'),
  },
  {
    icon: Palette,
    title: msg('Make it yours'),
    text: msg('Colour every item, rename the wheel and size it from 200 to 500 px.'),
  },
  {
    icon: Save,
    title: msg('Save and share'),
    text: msg('Premium keeps your wheels in your account and exports them as files.'),
  },
  {
    icon: History,
    title: msg('History and export'),
    text: msg('Premium records every result and exports it as a CSV for a spreadsheet.'),
  },
  {
    icon: LayoutTemplate,
    title: msg('Three modes and presets'),
    text: msg('Normal, elimination and accumulation, plus a library of ready-made wheels.'),
  },
]

export const USE_CASES: Card[] = [
  {
    icon: GraduationCap,
    title: msg('Classrooms'),
    text: msg('Pick who answers next, fairly, and remove names as they go.'),
  },
  { icon: Gift, title: msg('Giveaways'), text: msg('Draw a winner on stream that everyone can watch land.') },
  {
    icon: Users,
    title: msg('Team building'),
    text: msg('Choose who presents, who brings cake, or the next icebreaker.'),
  },
  {
    icon: Gamepad2,
    title: msg('Game nights'),
    text: msg('Truth or dare, the next game, or who goes first.'),
  },
  {
    icon: UtensilsCrossed,
    title: msg('Decisions'),
    text: msg('Lunch, the film tonight, or yes or no when you cannot decide.'),
  },
  {
    icon: MonitorPlay,
    title: msg('Content creation'),
    text: msg('A big, colourful wheel that looks good on camera and in dark mode.'),
  },
]

export const TESTIMONIALS = [
  {
    quote: msg('My class asks for the wheel every morning. Elimination mode means nobody gets picked twice.'),
    who: msg('A primary school teacher'),
  },
  {
    quote: msg('We draw our monthly giveaway live. Viewers can see exactly where it stops.'),
    who: msg('A streamer'),
  },
  { quote: msg('Friday lunch is no longer a twenty-minute debate.'), who: msg('A team lead') },
]

export function CardGrid({ cards }: { cards: Card[] }) {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl bg-white p-5 shadow-sm dark:bg-slate-900">
          <Icon aria-hidden className="size-7 text-brand-600 dark:text-brand-500" />
          <h3 className="mt-3 font-semibold">{t(title)}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(text)}</p>
        </li>
      ))}
    </ul>
  )
}
