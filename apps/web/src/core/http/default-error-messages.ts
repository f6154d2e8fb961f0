import { type LocalizableText, text } from '../localization/localizable';

/** ABP's `DEFAULT_ERROR_MESSAGES`, as AbpUi keys with the English texts as fallbacks. */
export const defaultErrorMessages = {
  defaultError: {
    title: text('AbpUi::DefaultErrorMessage', 'An error has occurred!'),
    details: text('AbpUi::DefaultErrorMessageDetail', 'Error detail not sent by server.'),
  },
  401: {
    title: text('AbpUi::DefaultErrorMessage401', 'You are not authenticated!'),
    details: text(
      'AbpUi::DefaultErrorMessage401Detail',
      'You should be authenticated (sign in) in order to perform this operation.',
    ),
  },
  403: {
    title: text('AbpUi::DefaultErrorMessage403', 'You are not authorized!'),
    details: text(
      'AbpUi::DefaultErrorMessage403Detail',
      'You are not allowed to perform this operation.',
    ),
  },
  404: {
    title: text('AbpUi::DefaultErrorMessage404', 'Resource not found!'),
    details: text(
      'AbpUi::DefaultErrorMessage404Detail',
      'The resource requested could not found on the server.',
    ),
  },
  500: {
    title: text('AbpUi::DefaultErrorMessage500', 'Internal server error'),
    details: text('AbpUi::DefaultErrorMessage500Detail', 'Error detail not sent by server.'),
  },
} satisfies Record<string, { title: LocalizableText; details: LocalizableText }>;

/**
 * What a request that never reached the server says (SPEC.md's status 0): the browser's own
 * words ("Failed to fetch", in English whatever the language) told a user nothing.
 */
export const serverUnreachable = text(
  'Vineta::ServerUnreachable',
  'The server could not be reached. Check your connection and try again.',
);

export type ErrorScreenStatus = 401 | 403 | 404 | 500;
