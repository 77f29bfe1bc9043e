/** Lets code outside React (the API client) move to a route once the router exists. */
let navigateTo: ((to: string) => void) | null = null;

export function setNavigator(navigate: (to: string) => void) {
  navigateTo = navigate;
}

export function goTo(to: string) {
  if (navigateTo) navigateTo(to);
  else window.location.assign(`/backoffice${to}`);
}
