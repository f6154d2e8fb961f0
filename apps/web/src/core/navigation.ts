type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to, options) => {
  if (options?.replace) globalThis.location.replace(to);
  else globalThis.location.assign(to);
};

/** The router registers itself so services outside components can navigate. */
export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
