// The web app's server build: the API imports it to render public pages (decision 022).
export { renderPage } from './app/render-page';
