import { createInstance } from "@module-federation/runtime";
import type { AdminAppProps } from "@releve/core/platform/admin-portal";
import type { ComponentType } from "react";
import * as React from "react";
import * as ReactJsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";

// Browser only (`.client`): the federation runtime and the remote never reach the server
// build or any public page; this module is imported lazily by the /admin/* route alone.
const shareReact = (version: string, lib: () => unknown) => ({
  version,
  lib,
  shareConfig: { singleton: true, requiredVersion: "^19.0.0" },
});

let instance: ReturnType<typeof createInstance> | undefined;

function federation() {
  instance ??= createInstance({
    name: "releve_shell",
    remotes: [
      {
        name: "admin",
        type: "module",
        entry: import.meta.env.VITE_ADMIN_REMOTE_ENTRY ?? new URL("/admin-remote/remoteEntry.js", location.origin).href,
      },
    ],
    // Every subpath the remote declares: one missing, and it downloads its own React (~215 kB) beside ours.
    shared: {
      react: shareReact(React.version, () => React),
      "react/jsx-runtime": shareReact(React.version, () => ReactJsxRuntime),
      "react-dom": shareReact(React.version, () => ReactDOM),
      "react-dom/client": shareReact(React.version, () => ReactDOMClient),
    },
  });
  return instance;
}

export async function loadAdminApp(): Promise<ComponentType<AdminAppProps>> {
  const remote = await federation().loadRemote<{ default: ComponentType<AdminAppProps> }>("admin/AdminApp");
  if (!remote) throw new Error("The admin portal could not be loaded.");
  return remote.default;
}
