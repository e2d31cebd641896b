// What other modules may use of the settings: only its routes (the settings themselves live on the business row,
// read by each module through #domain/business-settings.ts).

export { settingsRoutes } from './routes.ts';
