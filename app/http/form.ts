import { z } from "zod";

// Zod probes `new Function` on first use to compile fast parsers; under the site's
// CSP (no 'unsafe-eval') that probe is a reported violation. Every form imports
// this module (components/ui/forms.tsx and the server's parseForm do), so this
// runs before any parse, in the browser and in the Worker.
z.config({ jitless: true });

/** Name of the hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = "website";
