/* a clause that records nothing and cannot fault needs no scratch area */
profile-97
{
	n++;
}
