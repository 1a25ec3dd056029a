// The floor page: the least a React 19 sign-in form can cost. Same fields as the portal's
// User ID screen, no router, no state library, no federation.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './floor.css';

function UserIdForm() {
  const [userName, setUserName] = useState('');
  const [remember, setRemember] = useState(true);
  return (
    <main>
      <h1>Sign in</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="user-id">User ID</label>
        <input
          id="user-id"
          name="username"
          autoComplete="username"
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
        <input
          id="remember"
          type="checkbox"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        <label htmlFor="remember">Remember Me</label>
        <button type="submit" disabled={userName.trim() === ''}>
          Submit
        </button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<UserIdForm />);
