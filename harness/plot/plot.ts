export async function plotResults(_r: unknown[], _out: string): Promise<string[]> { return []; }
