// Async boundary: the harness build's shared singletons (React) are negotiated before the gallery runs.
import('./galleryBootstrap');
