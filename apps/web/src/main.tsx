import { startApp } from './app/start-app';

const container = document.getElementById('root');
if (container) void startApp(container);
