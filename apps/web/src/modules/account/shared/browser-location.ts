/**
 * Full-page navigation (to the sign-in server or an external redirect), behind an object the
 * tests can spy on: jsdom cannot navigate.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
