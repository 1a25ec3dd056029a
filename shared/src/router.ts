/**
 * The one door to React Router for every app. Module Federation builds a shared module whole, so
 * sharing `react-router-dom` itself would ship all of it (about 180 KB) on the first screen. This
 * narrow facade is what the host provides instead: its build tree-shakes React Router down to the
 * names below (declarative routing: the portal loads no route data, so the data router's 50 KB
 * would be dead weight), and every remote uses the host's copy, so there is one router context.
 *
 * A runtime contract (docs/contracts.md): a name may be added, never removed or changed, and the
 * host ships first. Apps never import react-router-dom directly (biome.json enforces it).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
// The shell's well-known addresses and the address helpers: this file is the kernel's router entry.
export { dropFlowStateFromAddress } from './routes/flowAddress';
export { paths } from './routes/paths';
export { FLOW_STATE_PARAM, IDP_RETURN_PARAM, RESTART_PARAM, startOverPath } from './routes/queryParams';
