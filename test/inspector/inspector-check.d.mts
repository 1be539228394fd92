/** Types of inspector-check.mjs for the vitest suite. */
export declare const specToolNames: string[];
export declare function checkWithInspector(input: {
  mcpUrl: string;
  token: string;
  projectId: string;
  expectedTools: string[];
  expectedElementName: string;
}): Promise<{ tools: string[]; elementNames: string[]; envelope: { projectId: string; truth: string; data: { elements: { id: string; name: string }[] } } }>;
export declare function main(): Promise<void>;
