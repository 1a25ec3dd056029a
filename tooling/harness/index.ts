// Async boundary: shared singletons are negotiated before the harness runs.
import('./bootstrap');
