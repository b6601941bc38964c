export function needsBuild(): boolean;
export function build(): void;
