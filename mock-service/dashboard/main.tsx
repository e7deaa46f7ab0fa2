import { render } from "preact";
import { App } from "./App";
import { loadSession } from "./api";
import "./styles/dashboard.css";

void loadSession();
render(<App />, document.getElementById("app") as HTMLElement);
