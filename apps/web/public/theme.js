// Before the first paint, and before the app's JavaScript has arrived: the theme the person chose (local
// storage "theme", as in src/ui/theme.ts), so the loading page already has the right colours.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.dataset.theme = 'dark';
} catch {
  // Storage can be unavailable; the theme stays light.
}
