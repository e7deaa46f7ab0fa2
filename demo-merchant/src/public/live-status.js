// Live status of a Multibanco voucher: follows the shop's server-sent events (fed by its verified
// webhook receiver) and posts "Simulate ATM payment" in the background so the page never reloads.
// Without JavaScript the page still works: the form posts and the page shows the new state.

const status = document.querySelector("[data-live-status]");

function showStatus(update) {
  if (!status) return;
  status.dataset.state = update.state;
  const label = status.querySelector("[data-status-label]");
  const detail = status.querySelector("[data-status-detail]");
  if (label) {
    label.textContent = update.label;
    label.className = `badge badge-${update.state}`;
  }
  if (detail) detail.textContent = update.detail;
  const simulate = document.querySelector("form[data-simulate]");
  if (simulate) simulate.hidden = update.state !== "pending";
}

if (status && "EventSource" in window) {
  const source = new EventSource(status.dataset.liveStatus);
  source.addEventListener("status", (message) => {
    const update = JSON.parse(message.data);
    showStatus(update);
    if (update.state !== "pending") source.close();
  });
}

const simulateForm = document.querySelector("form[data-simulate]");
if (simulateForm) {
  simulateForm.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const button = simulateForm.querySelector("button");
    const message = simulateForm.querySelector("[data-simulate-message]");
    if (button) button.disabled = true;
    try {
      const response = await fetch(simulateForm.action, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams(new FormData(simulateForm)),
      });
      const answer = await response.json();
      if (message) message.textContent = answer.message;
    } catch {
      if (message) message.textContent = "The shop could not be reached. Please try again.";
    } finally {
      if (button) button.disabled = false;
    }
  });
}
