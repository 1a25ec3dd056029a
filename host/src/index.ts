import { installTrustedTypesPolicy } from './security/trustedTypesPolicy';

// Before any chunk or remote script is added to the page: every script URL goes through it.
installTrustedTypesPolicy();

// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
