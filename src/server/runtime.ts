export const REQUIRED_NODE_MAJOR = 24;

/** One sentence saying what is needed, or undefined when this Node.js can run the product. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const major = Number.parseInt(version, 10);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return (
    `Earshot needs Node.js ${REQUIRED_NODE_MAJOR} or newer and this is Node.js ${version}: ` +
    `run it through npm ("npm install", then "npm start" or "npm test"), which uses the Node.js ` +
    `${REQUIRED_NODE_MAJOR} that "npm install" fetched, or install Node.js ${REQUIRED_NODE_MAJOR}.`
  );
}
