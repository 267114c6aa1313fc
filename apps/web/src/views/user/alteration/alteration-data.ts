/** what the password alteration steps pass along (Alteration.tsx and its steps share it) */
export interface AlterationData {
  username: string;
  phone: string;
  smscode: string;
}
