// Stands in for the WebGL backend face-api's unbundled build imports: the player runs on WASM only.
export {};
