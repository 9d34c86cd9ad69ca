// CSS imports are bundled by the app that uses the renderer (vite in the console and the player).
declare module '*.css';
