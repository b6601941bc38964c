// The web app manifest: the inbox installs to a phone's home screen (and gets Web Push there).
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "OpenOxide Questions",
    short_name: "Questions",
    description: "Answer your AI agents' questions and approvals.",
    start_url: "/inbox",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#c2410c",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
