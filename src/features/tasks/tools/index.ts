/** The AI tool pages (spec §2): their public surface is their routed pages. */
export {};
