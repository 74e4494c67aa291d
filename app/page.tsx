import { redirect } from "next/navigation";

// The app starts at the dashboard; the shell sends signed-out visitors to /sign-in.
export default function Home() {
  redirect("/dashboard");
}
