export interface Customer {
  id: number;
  name: string;
  tier: "gold" | "silver" | "bronze";
}
