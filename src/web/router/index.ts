// The app's router (decision 0021). Pages and components import from here.
export {
  Link,
  type LinkProps,
  Navigate,
  NavLink,
  type NavLinkProps,
  Outlet,
  PRELOAD_INTENT_MS,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './components'
export type { Location, To } from './history'
export {
  createBrowserRouter,
  createMemoryRouter,
  type NavigateOptions,
  type RouteObject,
  type Router,
  type RouterState,
} from './router'
export { ScrollRestoration } from './scroll-restoration'
