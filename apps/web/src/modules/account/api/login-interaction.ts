import { http } from '#src/core/http/http';

export interface InteractionLoginInput {
  username: string;
  password: string;
  rememberMe?: boolean;
}

/**
 * `POST /interaction/<uid>/login`: the code flow's sign-in. The answer names where the browser
 * goes next (back to the authorization endpoint); a failure is ABP's error body with
 * `data.result` (2 invalid, 3 not allowed, 4 locked out) and a localized message. The HTTP
 * client adds the XSRF and tenant headers.
 */
export function loginInteraction(
  interactionId: string,
  input: InteractionLoginInput,
): Promise<{ redirectTo: string }> {
  return http.post<{ redirectTo: string }>(
    `/interaction/${encodeURIComponent(interactionId)}/login`,
    input,
    { skipHandleError: true },
  );
}
