export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}
